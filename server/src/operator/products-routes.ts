import {
  adminDepartmentReply,
  adminDepartmentsReply,
  adminProductReply,
  adminProductsReply,
  departmentInput,
  departmentListQuery,
  departmentPatch,
  emptyReply,
  idParam,
  productInput,
  productListQuery,
  productPatch,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../auth/guard';
import { toAdminDepartment, toAdminProduct } from './catalog-dto';
import { departmentResource } from './catalog-resources';
import { createRow, deleteRow, findRow, listRows, updateRow } from './crud';
import { operatorMsg } from './messages-ar';
import { listProducts, productResource } from './product-resource';
import { errors, formBodies, success } from './route-kit';
import { AppError } from '../lib/errors';
import { withStock } from '../delivery/product-delivery';

const tags = ['operator: catalog'];

/** Departments (filtered by category) and products (paged, filtered, searchable). */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/departments',
    { schema: { tags, summary: 'List departments, optionally of one category', querystring: departmentListQuery, response: { 200: adminDepartmentsReply, ...errors } } },
    async (request) => {
      const { category_id } = request.query;
      const rows = await listRows(app.db, 'departments', category_id ? { column: 'category_id', value: category_id } : undefined);
      return { status: success, data: { departments: rows.map(toAdminDepartment) } };
    },
  );
  app.post(
    '/departments',
    { schema: { tags, summary: 'Create a department', consumes: formBodies, body: departmentInput, response: { 201: adminDepartmentReply, ...errors } } },
    async (request, reply) => {
      const department = await createRow(app.db, app.storage, userId(request), departmentResource, request.body);
      return reply.code(201).send({ status: success, data: { department } });
    },
  );
  app.patch(
    '/departments/:id',
    { schema: { tags, summary: 'Update a department', consumes: formBodies, params: idParam, body: departmentPatch, response: { 200: adminDepartmentReply, ...errors } } },
    async (request) => ({
      status: success,
      data: { department: await updateRow(app.db, app.storage, userId(request), departmentResource, request.params.id, request.body) },
    }),
  );
  app.delete(
    '/departments/:id',
    { schema: { tags, summary: 'Delete an empty department', params: idParam, response: { 200: emptyReply, ...errors } } },
    async (request) => {
      await deleteRow(app.db, app.storage, userId(request), departmentResource, request.params.id);
      return { status: success };
    },
  );

  app.get(
    '/products',
    { schema: { tags, summary: 'List products, 50 a page', querystring: productListQuery, response: { 200: adminProductsReply, ...errors } } },
    async (request) => {
      const q = request.query;
      const data = await listProducts(app.db, { categoryId: q.category_id, departmentId: q.department_id, search: q.search, page: q.page });
      return { status: success, data: { ...data, products: await Promise.all(data.products.map((p) => withStock(app.db, p))) } };
    },
  );
  app.get(
    '/products/:id',
    { schema: { tags, summary: 'One product with all its fields', params: idParam, response: { 200: adminProductReply, ...errors } } },
    async (request) => {
      const row = await findRow(app.db, 'products', request.params.id);
      if (!row) throw new AppError('NOT_FOUND', operatorMsg.productNotFound);
      return { status: success, data: { product: await withStock(app.db, toAdminProduct(row)) } };
    },
  );
  app.post(
    '/products',
    { schema: { tags, summary: 'Create a product', consumes: formBodies, body: productInput, response: { 201: adminProductReply, ...errors } } },
    async (request, reply) => {
      const product = await createRow(app.db, app.storage, userId(request), productResource, request.body);
      return reply.code(201).send({ status: success, data: { product: await withStock(app.db, product) } });
    },
  );
  app.patch(
    '/products/:id',
    { schema: { tags, summary: 'Update a product', consumes: formBodies, params: idParam, body: productPatch, response: { 200: adminProductReply, ...errors } } },
    async (request) => ({
      status: success,
      data: { product: await withStock(app.db, await updateRow(app.db, app.storage, userId(request), productResource, request.params.id, request.body)) },
    }),
  );
  app.delete(
    '/products/:id',
    { schema: { tags, summary: 'Delete a product that was never ordered', params: idParam, response: { 200: emptyReply, ...errors } } },
    async (request) => {
      await deleteRow(app.db, app.storage, userId(request), productResource, request.params.id);
      return { status: success };
    },
  );
};
