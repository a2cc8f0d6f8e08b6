import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';
import type { PortableMigration } from '../migrator.ts';

/**
 * Projects (docs/product.md, Studio and preview): the project with its original image, the transformation history
 * (saved items are the project's generatedImages), chat messages and the element regions
 * marked in the mask editor. Every image is a blob key plus its thumbnail key and size.
 */
export const projects: PortableMigration = {
  async up(db: Kysely<unknown>, dialect) {
    const type = columnTypes(dialect);
    await db.schema
      .createTable('project')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('original_key', 'text', (column) => column.notNull())
      .addColumn('original_thumbnail_key', 'text', (column) => column.notNull())
      .addColumn('original_width', 'integer', (column) => column.notNull())
      .addColumn('original_height', 'integer', (column) => column.notNull())
      .addColumn('created_at', type.timestamp, (column) => column.notNull())
      .addColumn('updated_at', type.timestamp, (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('project_user_index')
      .on('project')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('project_history_item')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('project_id', 'text', (column) =>
        column.notNull().references('project.id').onDelete('cascade'),
      )
      .addColumn('source_key', 'text', (column) => column.notNull())
      .addColumn('source_thumbnail_key', 'text', (column) => column.notNull())
      .addColumn('source_width', 'integer', (column) => column.notNull())
      .addColumn('source_height', 'integer', (column) => column.notNull())
      .addColumn('result_key', 'text', (column) => column.notNull())
      .addColumn('result_thumbnail_key', 'text', (column) => column.notNull())
      .addColumn('result_width', 'integer', (column) => column.notNull())
      .addColumn('result_height', 'integer', (column) => column.notNull())
      .addColumn('prompt', 'text', (column) => column.notNull())
      .addColumn('created_at', type.timestamp, (column) => column.notNull())
      .addColumn('saved_at', type.timestamp)
      .execute();
    await db.schema
      .createIndex('project_history_item_project_index')
      .on('project_history_item')
      .columns(['project_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('project_chat_message')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('project_id', 'text', (column) =>
        column.notNull().references('project.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (column) => column.notNull())
      // JSON list of {type: 'input_text', text} | {type: 'input_image', image: {key, thumbnailKey, width, height}}
      .addColumn('content', type.json, (column) => column.notNull())
      .addColumn('image', type.json)
      .addColumn('created_at', type.timestamp, (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('project_chat_message_project_index')
      .on('project_chat_message')
      .columns(['project_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('project_region')
      .addColumn('project_id', 'text', (column) =>
        column.notNull().references('project.id').onDelete('cascade'),
      )
      .addColumn('element', 'text', (column) => column.notNull())
      .addColumn('key', 'text', (column) => column.notNull())
      .addColumn('width', 'integer', (column) => column.notNull())
      .addColumn('height', 'integer', (column) => column.notNull())
      .addColumn('updated_at', type.timestamp, (column) => column.notNull())
      .addPrimaryKeyConstraint('project_region_primary_key', ['project_id', 'element'])
      .execute();
  },
};
